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
import { adminProcedure, authedProcedure, companyProcedure, publicProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const statsRouter = router({
  /** A company's own users and administrators; the service answers 404 to anyone else. */
  company: authedProcedure.input(companyStatsInput).output(companyOutput).query(serve(service.companyStats)),
  records: authedProcedure.input(impactRecordsInput).output(recordsOutput).query(serve(service.impactRecords)),
  export: authedProcedure.input(impactExportInput).output(exportOutput).query(serve(service.impactExport)),
  /** The synergy's two companies and administrators. */
  certificate: authedProcedure.input(certificateInput).output(certificateOutput).query(serve(service.certificate)),
  /** Anyone holding a certificate's code. */
  verify: publicProcedure
    .input(verifyImpactInput)
    .output(verifyOutput)
    .query(({ ctx, input }) => service.verifyImpact(ctx.deps, input)),
  /** Anyone: the factor set, the formula and every mapping in force. */
  method: publicProcedure.output(impactMethodOutput).query(({ ctx }) => service.impactMethod(ctx.deps)),
  /** Users of a parent company. */
  portfolio: companyProcedure.query(serve(service.portfolio)),
  admin: router({
    platform: adminProcedure.query(({ ctx }) => service.platformTotals(ctx.deps)),
    exchanges: adminProcedure
      .input(adminStatsInput)
      .output(adminExchangesOutput)
      .query(({ ctx, input }) => service.adminExchangeStats(ctx.deps, input)),
    setMapping: adminProcedure.input(setImpactMappingInput).output(impactMappingNode).mutation(serve(service.setImpactMapping)),
    deleteMapping: adminProcedure.input(deleteImpactMappingInput).output(impactMappingNode).mutation(serve(service.deleteImpactMapping)),
    mappings: adminProcedure.input(impactMappingLevelInput).query(({ ctx, input }) => service.impactMappingLevel(ctx.deps, input)),
    searchMappings: adminProcedure.input(searchImpactMappingsInput).query(({ ctx, input }) => service.searchImpactMappings(ctx.deps, input)),
    mappingChoices: adminProcedure.query(({ ctx }) => service.mappingChoices(ctx.deps)),
  }),
});
