// The one zod every shared schema imports. Its error map gives each issue whose schema names no message
// a message code (shared/messages.ts) chosen from the kind of issue, so a validation message is always a
// code the client can translate, on the server and in the browser alike.
// `config`, not `z.config`: the client build treats every `z.…` call as pure (client/vite.config.ts), so that unused
// schemas are dropped, and would drop this one too.
import { config, z } from 'zod';
import { encodeMessage, messageFromIssue } from '../messages';

config({ customError: (issue) => encodeMessage(messageFromIssue(issue)) });

export { z };
