import {
  adminListOutput,
  adminReviewOutput,
  adminStatsOutput,
  bankPartnerRegistrationInput,
  registerBankPartnerOutput,
  registerOutput,
  registrationInput,
  registrationStatsInput,
  reviewRegistrationInput,
  temporaryAccountsInput,
} from '../../../shared/schemas/registration';
import { planIdInput } from '../../../shared/schemas/subscriptions';
import { adminProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const registrationRouter = router({
  register: publicProcedure
    .input(registrationInput)
    .use(rateLimited('register'))
    .output(registerOutput)
    .mutation(({ ctx, input }) => service.register(ctx.deps, input, 'standard')),
  registerBankPartner: publicProcedure
    .input(bankPartnerRegistrationInput)
    .use(rateLimited('register'))
    .output(registerBankPartnerOutput)
    .mutation(({ ctx, input }) => service.register(ctx.deps, input, 'bank_partner')),

  /** Administrators: registration requests ("temporary accounts"). */
  admin: router({
    list: adminProcedure
      .input(temporaryAccountsInput)
      .output(adminListOutput)
      .query(({ ctx, input }) => service.listTemporaryAccounts(ctx.deps, input)),
    get: adminProcedure.input(planIdInput).query(({ ctx, input }) => service.getTemporaryAccount(ctx.deps, input.id)),
    review: adminProcedure.input(reviewRegistrationInput).output(adminReviewOutput).mutation(serve(service.review)),
    stats: adminProcedure
      .input(registrationStatsInput)
      .output(adminStatsOutput)
      .query(({ ctx, input }) => service.stats(ctx.deps, input)),
  }),
});
