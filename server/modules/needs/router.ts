import {
  answerNeedInput,
  answerOutput,
  createNeedInput,
  createOutput,
  deleteOutput,
  getOutput,
  mineOutput,
  needIdInput,
  ownNeedsInput,
  searchNeedsInput,
  searchOutput,
  updateNeedInput,
  updateOutput,
} from '../../../shared/schemas/needs';
import { companyProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

// Company users (MEMBER and MANAGER) alike; a need's own company is checked in the service.
export const needsRouter = router({
  mine: companyProcedure.input(ownNeedsInput).output(mineOutput).query(serve(service.listOwnNeeds)),
  search: companyProcedure.input(searchNeedsInput).output(searchOutput).query(serve(service.searchNeeds)),
  get: companyProcedure.input(needIdInput).output(getOutput).query(serve(service.getNeed)),
  create: companyProcedure.input(createNeedInput).output(createOutput).mutation(serve(service.createNeed)),
  update: companyProcedure.input(updateNeedInput).output(updateOutput).mutation(serve(service.updateNeed)),
  delete: companyProcedure.input(needIdInput).output(deleteOutput).mutation(serve(service.deleteNeed)),
  answer: companyProcedure.input(answerNeedInput).output(answerOutput).mutation(serve(service.answerNeed)),
});
