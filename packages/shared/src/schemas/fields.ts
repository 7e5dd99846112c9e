import { z } from 'zod';

/** Field schemas the content schemas build on; internal to `schemas/` (not exported from the package). */

export const text = (max: number) => z.string().trim().max(max);

export const imageUrl = z
  .string()
  .trim()
  .max(1024)
  .regex(/^(https?:\/\/|\/)\S+$/, 'Must be an http(s) URL or a path starting with /');

export const DIMENSION_KEY_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;

export const dimensionKey = z
  .string()
  .trim()
  .regex(DIMENSION_KEY_PATTERN, 'Use 1-32 lowercase letters, digits or _, starting with a letter');

export const poleLetter = z
  .string()
  .trim()
  .regex(/^[A-Z]$/, 'Use one capital letter A-Z');

/** The score of an option, and the threshold of an alert on it. */
export const scoreNumber = z.number().min(-1000).max(1000);
