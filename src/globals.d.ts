// The one platform global the library uses: Web Crypto's getRandomValues, present in browsers and Node 19+.
declare const crypto: { getRandomValues<T extends Uint32Array>(array: T): T };
