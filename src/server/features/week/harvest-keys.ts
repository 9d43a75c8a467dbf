/*
 * The names the harvest e-mails are recorded under (docs/product.md#the-week): the outbox's kind
 * and dedupe key of each e-mail, and the job run of each Saturday's sending.
 */

/** the job_runs name of a day's harvest e-mails (shown in the admin's Jobs tab) */
export const HARVEST_JOB = 'harvest_emails'

export const HARVEST_EMAIL_KIND = 'harvest_list'

/** The automatic harvest e-mail's key: once per Saturday and producer. */
export const harvestDedupeKey = (saturday: string, producerId: string) =>
  `harvest:${saturday}:${producerId}`

/** What every harvest e-mail key of a Saturday starts with; the producer id comes next. */
export const harvestKeyPrefix = (saturday: string) => `harvest:${saturday}:`
