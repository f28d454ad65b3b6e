import { describe, expect, it } from 'vitest';
import { stableFrameName } from '../../../src/browser/try/stable-frame-name.ts';

describe('stableFrameName', () => {
  it('drops the origin, the folders and the content hash of a bundled script', () => {
    expect(stableFrameName('http://127.0.0.1:4321/_astro/demo-shop.C7xK2aB9.js')).toBe('app:///demo-shop.js');
    expect(stableFrameName('https://sunset.example.com/_astro/error-demo-page.a_B-c9dE.js')).toBe('app:///error-demo-page.js');
    expect(stableFrameName('http://127.0.0.1:80/_astro/errors.astro_astro_type_script_index_0_lang.Bx2_k9Qz.js')).toBe(
      'app:///errors.js',
    );
  });

  it('keeps names without a hash and leaves non-URLs alone', () => {
    expect(stableFrameName('http://localhost/scripts/shop.js')).toBe('app:///shop.js');
    expect(stableFrameName('<anonymous>')).toBe('<anonymous>');
    expect(stableFrameName('http://localhost/')).toBe('http://localhost/');
  });
});
