import { subscribeInput } from '../../../shared/schemas/newsletter';
import { publicProcedure, router } from '../../trpc/init';
import * as service from './service';

export const newsletterRouter = router({
  subscribe: publicProcedure.input(subscribeInput).mutation(({ ctx, input }) => service.subscribe(ctx.deps, input)),
});
