import * as schema from '../../../shared/schemas/needs';
import { companyProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

// Company users (MEMBER and MANAGER) alike; a need's own company is checked in the service.
export const needsRouter = router({
  mine: companyProcedure.input(schema.ownNeedsInput).output(schema.mineOutput).query(serve(service.listOwnNeeds)),
  search: companyProcedure.input(schema.searchNeedsInput).output(schema.searchOutput).query(serve(service.searchNeeds)),
  get: companyProcedure.input(schema.needIdInput).output(schema.getOutput).query(serve(service.getNeed)),
  create: companyProcedure.input(schema.createNeedInput).output(schema.createOutput).mutation(serve(service.createNeed)),
  update: companyProcedure.input(schema.updateNeedInput).output(schema.updateOutput).mutation(serve(service.updateNeed)),
  delete: companyProcedure.input(schema.needIdInput).output(schema.deleteOutput).mutation(serve(service.deleteNeed)),
  answer: companyProcedure.input(schema.answerNeedInput).output(schema.answerOutput).mutation(serve(service.answerNeed)),
});
