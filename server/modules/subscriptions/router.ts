import * as schema from '../../../shared/schemas/subscriptions';
import { adminProcedure, companyProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const subscriptionsRouter = router({
  /** The signed-in company's current plan, status and end date. */
  mine: companyProcedure.query(serve(service.mine)),

  admin: router({
    plans: adminProcedure.output(schema.adminPlansOutput).query(({ ctx }) => service.listPlans(ctx.deps)),
    activePlans: adminProcedure.output(schema.adminActivePlansOutput).query(({ ctx }) => service.listActivePlans(ctx.deps)),
    plan: adminProcedure
      .input(schema.planIdInput)
      .output(schema.adminPlanOutput)
      .query(({ ctx, input }) => service.getPlan(ctx.deps, input.id)),
    createPlan: adminProcedure.input(schema.createPlanInput).output(schema.adminCreatePlanOutput).mutation(serve(service.createPlan)),
    updatePlan: adminProcedure.input(schema.updatePlanInput).output(schema.adminUpdatePlanOutput).mutation(serve(service.updatePlan)),
    deletePlan: adminProcedure
      .input(schema.planIdInput)
      .output(schema.adminDeletePlanOutput)
      .mutation(({ ctx, input }) => service.deletePlan(ctx.deps, ctx.actor, input.id)),

    companyStatus: adminProcedure
      .input(schema.companyIdInput)
      .output(schema.adminCompanyStatusOutput)
      .query(({ ctx, input }) => service.forCompany(ctx.deps, input.company_id)),
    assign: adminProcedure.input(schema.assignPlanInput).output(schema.adminAssignOutput).mutation(serve(service.assignPlan)),
    extend: adminProcedure.input(schema.extendSubscriptionInput).output(schema.adminExtendOutput).mutation(serve(service.extendSubscription)),
    history: adminProcedure
      .input(schema.companyIdInput)
      .output(schema.adminHistoryOutput)
      .query(({ ctx, input }) => service.history(ctx.deps, input.company_id)),
  }),
});
