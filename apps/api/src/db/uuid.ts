const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a request can be a row's uuid. Anything else is no row at all, and is answered
 * as a miss before PostgreSQL sees it (it would refuse the comparison with an error, not a miss).
 */
export const isUuid = (value: string) => uuidPattern.test(value);
