-- 0013_request_ids (issue 30): the HTTP request whose transaction emitted a domain event, so that the log lines of
-- its handlers carry that request's id on whichever instance runs them (platform/request-context.ts).
ALTER TABLE "domain_events" ADD COLUMN "request_id" text;