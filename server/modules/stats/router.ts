import {
  adminStatsInput,
  certificateInput,
  companyStatsInput,
  impactExportInput,
  impactRecordsInput,
  verifyImpactInput,
} from '../../../shared/schemas/stats';
import { adminProcedure, authedProcedure, companyProcedure, publicProcedure, router } from '../../trpc/init';
import * as service from './service';

export const statsRouter = router({
  /** A company's own users and administrators; the service answers 404 to anyone else. */
  company: authedProcedure.input(companyStatsInput).query(({ ctx, input }) => service.companyStats(ctx.deps, ctx.actor, input)),
  records: authedProcedure.input(impactRecordsInput).query(({ ctx, input }) => service.impactRecords(ctx.deps, ctx.actor, input)),
  export: authedProcedure.input(impactExportInput).query(({ ctx, input }) => service.impactExport(ctx.deps, ctx.actor, input)),
  /** The synergy's two companies and administrators. */
  certificate: authedProcedure.input(certificateInput).query(({ ctx, input }) => service.certificate(ctx.deps, ctx.actor, input)),
  /** Anyone holding a certificate's code. */
  verify: publicProcedure.input(verifyImpactInput).query(({ ctx, input }) => service.verifyImpact(ctx.deps, input)),
  /** Users of a parent company. */
  portfolio: companyProcedure.query(({ ctx }) => service.portfolio(ctx.deps, ctx.actor)),
  admin: router({
    platform: adminProcedure.query(({ ctx }) => service.platformTotals(ctx.deps)),
    exchanges: adminProcedure.input(adminStatsInput).query(({ ctx, input }) => service.adminExchangeStats(ctx.deps, input)),
  }),
});
