-- Rate-limit counts are short-lived and cheap to lose: an unlogged table skips the write-ahead
-- log, so the hit every limited request makes (and the attempt given back) costs no fsync. After
-- a crash of PostgreSQL the table comes back empty, which only forgives the windows running then.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
