import {
  adminActivePlansOutput,
  adminAssignOutput,
  adminCompanyStatusOutput,
  adminCreatePlanOutput,
  adminDeletePlanOutput,
  adminExtendOutput,
  adminHistoryOutput,
  adminPlanOutput,
  adminPlansOutput,
  adminUpdatePlanOutput,
  assignPlanInput,
  companyIdInput,
  createPlanInput,
  extendSubscriptionInput,
  planIdInput,
  updatePlanInput,
} from '../../../shared/schemas/subscriptions';
import { adminProcedure, companyProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const subscriptionsRouter = router({
  /** The signed-in company's current plan, status and end date. */
  mine: companyProcedure.query(serve(service.mine)),

  admin: router({
    plans: adminProcedure.output(adminPlansOutput).query(({ ctx }) => service.listPlans(ctx.deps)),
    activePlans: adminProcedure.output(adminActivePlansOutput).query(({ ctx }) => service.listActivePlans(ctx.deps)),
    plan: adminProcedure
      .input(planIdInput)
      .output(adminPlanOutput)
      .query(({ ctx, input }) => service.getPlan(ctx.deps, input.id)),
    createPlan: adminProcedure.input(createPlanInput).output(adminCreatePlanOutput).mutation(serve(service.createPlan)),
    updatePlan: adminProcedure.input(updatePlanInput).output(adminUpdatePlanOutput).mutation(serve(service.updatePlan)),
    deletePlan: adminProcedure
      .input(planIdInput)
      .output(adminDeletePlanOutput)
      .mutation(({ ctx, input }) => service.deletePlan(ctx.deps, ctx.actor, input.id)),

    companyStatus: adminProcedure
      .input(companyIdInput)
      .output(adminCompanyStatusOutput)
      .query(({ ctx, input }) => service.forCompany(ctx.deps, input.company_id)),
    assign: adminProcedure.input(assignPlanInput).output(adminAssignOutput).mutation(serve(service.assignPlan)),
    extend: adminProcedure.input(extendSubscriptionInput).output(adminExtendOutput).mutation(serve(service.extendSubscription)),
    history: adminProcedure
      .input(companyIdInput)
      .output(adminHistoryOutput)
      .query(({ ctx, input }) => service.history(ctx.deps, input.company_id)),
  }),
});
