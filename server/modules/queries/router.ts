import { createQueryInput } from '../../../shared/schemas/queries';
import { publicProcedure, router } from '../../trpc/init';
import * as service from './service';

export const queriesRouter = router({
  create: publicProcedure.input(createQueryInput).mutation(({ ctx, input }) => service.createQuery(ctx.deps, ctx.actor, input)),
});
