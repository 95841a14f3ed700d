// The one zod every shared schema imports. Its error map gives each issue whose schema names no message
// a message code (shared/messages.ts) chosen from the kind of issue, so a validation message is always a
// code the client can translate, on the server and in the browser alike.
import { z } from 'zod';
import { encodeMessage, messageFromIssue } from '../messages';

z.config({ customError: (issue) => encodeMessage(messageFromIssue(issue)) });

export { z };
