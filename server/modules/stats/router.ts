import * as schema from '../../../shared/schemas/stats';
import { adminProcedure, authedProcedure, companyProcedure, publicProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const statsRouter = router({
  /** A company's own users and administrators; the service answers 404 to anyone else. */
  company: authedProcedure.input(schema.companyStatsInput).output(schema.companyOutput).query(serve(service.companyStats)),
  records: authedProcedure.input(schema.impactRecordsInput).output(schema.recordsOutput).query(serve(service.impactRecords)),
  export: authedProcedure.input(schema.impactExportInput).output(schema.exportOutput).query(serve(service.impactExport)),
  /** The synergy's two companies and administrators. */
  certificate: authedProcedure.input(schema.certificateInput).output(schema.certificateOutput).query(serve(service.certificate)),
  /** Anyone holding a certificate's code. */
  verify: publicProcedure
    .input(schema.verifyImpactInput)
    .output(schema.verifyOutput)
    .query(({ ctx, input }) => service.verifyImpact(ctx.deps, input)),
  /** Anyone: the factor set, the formula and every mapping in force. */
  method: publicProcedure.output(schema.impactMethodOutput).query(({ ctx }) => service.impactMethod(ctx.deps)),
  /** Users of a parent company. */
  portfolio: companyProcedure.query(serve(service.portfolio)),
  admin: router({
    platform: adminProcedure.query(({ ctx }) => service.platformTotals(ctx.deps)),
    exchanges: adminProcedure
      .input(schema.adminStatsInput)
      .output(schema.adminExchangesOutput)
      .query(({ ctx, input }) => service.adminExchangeStats(ctx.deps, input)),
    setMapping: adminProcedure.input(schema.setImpactMappingInput).output(schema.impactMappingNode).mutation(serve(service.setImpactMapping)),
    deleteMapping: adminProcedure
      .input(schema.deleteImpactMappingInput)
      .output(schema.impactMappingNode)
      .mutation(serve(service.deleteImpactMapping)),
    mappings: adminProcedure.input(schema.impactMappingLevelInput).query(({ ctx, input }) => service.impactMappingLevel(ctx.deps, input)),
    searchMappings: adminProcedure.input(schema.searchImpactMappingsInput).query(({ ctx, input }) => service.searchImpactMappings(ctx.deps, input)),
    mappingChoices: adminProcedure.query(({ ctx }) => service.mappingChoices(ctx.deps)),
  }),
});
