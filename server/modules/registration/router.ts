import * as registration from '../../../shared/schemas/registration';
import * as subscriptions from '../../../shared/schemas/subscriptions';
import { adminProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const registrationRouter = router({
  register: publicProcedure
    .input(registration.registrationInput)
    .use(rateLimited('register'))
    .output(registration.registerOutput)
    .mutation(({ ctx, input }) => service.register(ctx.deps, input, 'standard')),
  registerBankPartner: publicProcedure
    .input(registration.bankPartnerRegistrationInput)
    .use(rateLimited('register'))
    .output(registration.registerBankPartnerOutput)
    .mutation(({ ctx, input }) => service.register(ctx.deps, input, 'bank_partner')),

  /** Administrators: registration requests ("temporary accounts"). */
  admin: router({
    list: adminProcedure
      .input(registration.temporaryAccountsInput)
      .output(registration.adminListOutput)
      .query(({ ctx, input }) => service.listTemporaryAccounts(ctx.deps, input)),
    get: adminProcedure.input(subscriptions.planIdInput).query(({ ctx, input }) => service.getTemporaryAccount(ctx.deps, input.id)),
    review: adminProcedure.input(registration.reviewRegistrationInput).output(registration.adminReviewOutput).mutation(serve(service.review)),
    stats: adminProcedure
      .input(registration.registrationStatsInput)
      .output(registration.adminStatsOutput)
      .query(({ ctx, input }) => service.stats(ctx.deps, input)),
  }),
});
