-- Rate-limit and login-throttle counters need no crash safety (a crash restarts their windows), and a logged
-- write waits for a WAL flush on every chat message, offer and login attempt: unlogged, they skip the WAL
-- entirely (docs/decisions/0152).
ALTER TABLE "auth_throttle" SET UNLOGGED;
