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
import { companyProcedure, router } from '../../trpc/init';
import * as service from './service';

// Company users (MEMBER and MANAGER) alike; a need's own company is checked in the service.
export const needsRouter = router({
  mine: companyProcedure
    .input(ownNeedsInput)
    .output(mineOutput)
    .query(({ ctx, input }) => service.listOwnNeeds(ctx.deps, ctx.actor, input)),
  search: companyProcedure
    .input(searchNeedsInput)
    .output(searchOutput)
    .query(({ ctx, input }) => service.searchNeeds(ctx.deps, ctx.actor, input)),
  get: companyProcedure
    .input(needIdInput)
    .output(getOutput)
    .query(({ ctx, input }) => service.getNeed(ctx.deps, ctx.actor, input)),
  create: companyProcedure
    .input(createNeedInput)
    .output(createOutput)
    .mutation(({ ctx, input }) => service.createNeed(ctx.deps, ctx.actor, input)),
  update: companyProcedure
    .input(updateNeedInput)
    .output(updateOutput)
    .mutation(({ ctx, input }) => service.updateNeed(ctx.deps, ctx.actor, input)),
  delete: companyProcedure
    .input(needIdInput)
    .output(deleteOutput)
    .mutation(({ ctx, input }) => service.deleteNeed(ctx.deps, ctx.actor, input)),
  answer: companyProcedure
    .input(answerNeedInput)
    .output(answerOutput)
    .mutation(({ ctx, input }) => service.answerNeed(ctx.deps, ctx.actor, input)),
});
