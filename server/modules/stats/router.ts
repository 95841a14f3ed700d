import {
  adminExchangesOutput,
  adminStatsInput,
  certificateInput,
  certificateOutput,
  companyOutput,
  companyStatsInput,
  deleteImpactMappingInput,
  exportOutput,
  impactExportInput,
  impactMappingLevelInput,
  impactMappingNode,
  impactMethodOutput,
  impactRecordsInput,
  recordsOutput,
  searchImpactMappingsInput,
  setImpactMappingInput,
  verifyImpactInput,
  verifyOutput,
} from '../../../shared/schemas/stats';
import { adminProcedure, authedProcedure, companyProcedure, publicProcedure, router } from '../../trpc/init';
import * as service from './service';

export const statsRouter = router({
  /** A company's own users and administrators; the service answers 404 to anyone else. */
  company: authedProcedure
    .input(companyStatsInput)
    .output(companyOutput)
    .query(({ ctx, input }) => service.companyStats(ctx.deps, ctx.actor, input)),
  records: authedProcedure
    .input(impactRecordsInput)
    .output(recordsOutput)
    .query(({ ctx, input }) => service.impactRecords(ctx.deps, ctx.actor, input)),
  export: authedProcedure
    .input(impactExportInput)
    .output(exportOutput)
    .query(({ ctx, input }) => service.impactExport(ctx.deps, ctx.actor, input)),
  /** The synergy's two companies and administrators. */
  certificate: authedProcedure
    .input(certificateInput)
    .output(certificateOutput)
    .query(({ ctx, input }) => service.certificate(ctx.deps, ctx.actor, input)),
  /** Anyone holding a certificate's code. */
  verify: publicProcedure
    .input(verifyImpactInput)
    .output(verifyOutput)
    .query(({ ctx, input }) => service.verifyImpact(ctx.deps, input)),
  /** Anyone: the factor set, the formula and every mapping in force. */
  method: publicProcedure.output(impactMethodOutput).query(({ ctx }) => service.impactMethod(ctx.deps)),
  /** Users of a parent company. */
  portfolio: companyProcedure.query(({ ctx }) => service.portfolio(ctx.deps, ctx.actor)),
  admin: router({
    platform: adminProcedure.query(({ ctx }) => service.platformTotals(ctx.deps)),
    exchanges: adminProcedure
      .input(adminStatsInput)
      .output(adminExchangesOutput)
      .query(({ ctx, input }) => service.adminExchangeStats(ctx.deps, input)),
    setMapping: adminProcedure
      .input(setImpactMappingInput)
      .output(impactMappingNode)
      .mutation(({ ctx, input }) => service.setImpactMapping(ctx.deps, ctx.actor, input)),
    deleteMapping: adminProcedure
      .input(deleteImpactMappingInput)
      .output(impactMappingNode)
      .mutation(({ ctx, input }) => service.deleteImpactMapping(ctx.deps, ctx.actor, input)),
    mappings: adminProcedure.input(impactMappingLevelInput).query(({ ctx, input }) => service.impactMappingLevel(ctx.deps, input)),
    searchMappings: adminProcedure.input(searchImpactMappingsInput).query(({ ctx, input }) => service.searchImpactMappings(ctx.deps, input)),
    mappingChoices: adminProcedure.query(({ ctx }) => service.mappingChoices(ctx.deps)),
  }),
});
