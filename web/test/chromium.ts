/**
 * The browser the browser tests drive, for the page's tests (support.ts) and the library's
 * (test/browser.test.ts) alike.
 *
 * @module
 */

import { existsSync } from 'node:fs';

/**
 * Debian's `chromium-headless-shell`: Chromium built for headless use (the same Blink and V8, without the
 * desktop browser around them), which drives the same tests on less than half the CPU of `chromium
 * --headless` (docs/ui.md).
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The browser the tests drive: `WHIST_CHROMIUM`, else Debian's headless shell, else Debian's `chromium`. */
export const CHROMIUM = process.env.WHIST_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
