// http_ece ships no types; the tests decrypt pushes with it as a browser would.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiving browser's key pair. */
    privateKey: ECDH;
    authSecret: Buffer | string;
  }

  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
