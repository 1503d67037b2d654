// Optimistic concurrency for every module's updates (docs/decisions/0018): the version a PUT read
// comes in the body's `version` or in `If-Match`; answers carry the record's version as `ETag`;
// a stale version is a 409 and nothing is written.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VERSION_MESSAGES, versionFromIfMatch, versionTag } from '@tvsistema/domain/versiones';
import { HttpError, invalidData } from './errors.js';

/** The version an `If-Match` names, if any (DELETE, whose body is empty); 400 when it names none. */
export const optionalIfMatch = (request: FastifyRequest): number | undefined => {
  const header = request.headers['if-match'];
  const version = versionFromIfMatch(Array.isArray(header) ? header.join(',') : header);
  if (version === null) throw invalidData([`version: ${VERSION_MESSAGES.invalid}`]);
  return version;
};

/**
 * The version the caller read, from `If-Match` or the body's `version` (the same number when both
 * come): undefined when neither says one — the service answers 404 for a missing record before
 * checkVersion asks for it. 400 naming `version` when the two disagree.
 */
export const expectedVersion = (request: FastifyRequest, bodyVersion: number | undefined) => {
  const fromHeader = optionalIfMatch(request);
  if (fromHeader !== undefined && bodyVersion !== undefined && fromHeader !== bodyVersion) {
    throw invalidData([`version: ${VERSION_MESSAGES.mismatch}`]);
  }
  return fromHeader ?? bodyVersion;
};

/** 409 for an update that read an older version than the stored one. */
export const staleVersion = () => new HttpError(409, VERSION_MESSAGES.stale);

/**
 * After the record was found (and locked): 400 when the caller said no version, 409 when the
 * stored one is not the one the caller read.
 */
export const checkVersion = (stored: number, expected: number | undefined) => {
  if (expected === undefined) throw invalidData([`version: ${VERSION_MESSAGES.missing}`]);
  if (stored !== expected) throw staleVersion();
};

/** Sets the answer's `ETag` to the record's version and passes the record on. */
export const withVersionTag = <R extends { version: number }>(reply: FastifyReply, record: R) => {
  void reply.header('etag', versionTag(record.version));
  return record;
};
