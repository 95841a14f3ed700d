import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyWithUsers } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('email preferences', () => {
  it('start with both mails on, change one at a time, and stay the caller own', async () => {
    const { memberActor, managerActor } = await createCompanyWithUsers(t.database.db);
    const me = t.caller(memberActor).users;
    expect(await me.emailPreferences()).toEqual({ email_notifications_new_listings: true, email_notifications_activity: true });
    expect(await me.setEmailPreferences({ email_notifications_activity: false })).toEqual({ email_notifications_new_listings: true, email_notifications_activity: false });
    expect(await me.setEmailPreferences({ email_notifications_new_listings: false })).toEqual({ email_notifications_new_listings: false, email_notifications_activity: false });
    expect(await t.caller(managerActor).users.emailPreferences()).toEqual({ email_notifications_new_listings: true, email_notifications_activity: true });
    await expect(me.setEmailPreferences({ email_notifications_activity: 'no' } as never)).rejects.toMatchObject({ cause: { code: 'VALIDATION' } });
  });
});
