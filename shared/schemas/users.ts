import { z } from './_zod';
import { language } from './_primitives';

export const setLanguageInput = z.object({ language });
