import { z } from './_zod';
import { email, language } from './_primitives';

export const subscribeInput = z.object({ email, language: language.default('en') });
