// The key a started server opens (SECRETS_KEY or its key file), for test files that build the app themselves.
import { keyringOf, useKeyring } from '../src/db/secrets.ts';

export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

useKeyring(keyringOf(TEST_SECRETS_KEY));
