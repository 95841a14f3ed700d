import {
  assignPlanInput,
  companyIdInput,
  createPlanInput,
  extendSubscriptionInput,
  planIdInput,
  updatePlanInput,
} from '../../../shared/schemas/subscriptions';
import { adminProcedure, companyProcedure, router } from '../../trpc/init';
import * as service from './service';

export const subscriptionsRouter = router({
  /** The signed-in company's current plan, status and end date. */
  mine: companyProcedure.query(({ ctx }) => service.mine(ctx.deps, ctx.actor)),

  admin: router({
    plans: adminProcedure.query(({ ctx }) => service.listPlans(ctx.deps)),
    activePlans: adminProcedure.query(({ ctx }) => service.listActivePlans(ctx.deps)),
    plan: adminProcedure.input(planIdInput).query(({ ctx, input }) => service.getPlan(ctx.deps, input.id)),
    createPlan: adminProcedure.input(createPlanInput).mutation(({ ctx, input }) => service.createPlan(ctx.deps, ctx.actor, input)),
    updatePlan: adminProcedure.input(updatePlanInput).mutation(({ ctx, input }) => service.updatePlan(ctx.deps, ctx.actor, input)),
    deletePlan: adminProcedure.input(planIdInput).mutation(({ ctx, input }) => service.deletePlan(ctx.deps, ctx.actor, input.id)),

    companyStatus: adminProcedure.input(companyIdInput).query(({ ctx, input }) => service.forCompany(ctx.deps, input.company_id)),
    assign: adminProcedure.input(assignPlanInput).mutation(({ ctx, input }) => service.assignPlan(ctx.deps, ctx.actor, input)),
    extend: adminProcedure.input(extendSubscriptionInput).mutation(({ ctx, input }) => service.extendSubscription(ctx.deps, ctx.actor, input)),
    history: adminProcedure.input(companyIdInput).query(({ ctx, input }) => service.history(ctx.deps, input.company_id)),
  }),
});
