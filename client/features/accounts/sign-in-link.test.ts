import { describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_SENT } from '@domain/accounts/schemas';
import { ApiError } from '@client/lib/api';
import { signInLinkFailure, signInLinkSent } from './sign-in-link';

describe('the sign-in link answers', () => {
  it("recognises the 'link sent' answer of a slowed-down account, and only that", () => {
    const sent = new ApiError(429, 'Too Many Requests', JSON.stringify({ message: SIGN_IN_LINK_SENT, code: 'email_link_required', retryAfter: 20 }));
    expect(signInLinkSent(sent)).toBe(SIGN_IN_LINK_SENT);
    const plain = new ApiError(429, 'Too Many Requests', JSON.stringify({ message: 'Too many failed sign-in attempts. Please try again later.' }));
    expect(signInLinkSent(plain)).toBeNull();
    expect(signInLinkSent(new ApiError(401, 'Unauthorized', JSON.stringify({ message: 'Invalid credentials', code: 'email_link_required' })))).toBeNull();
    expect(signInLinkSent(new ApiError(429, 'Too Many Requests', 'not json'))).toBeNull();
    expect(signInLinkSent(new TypeError('Failed to fetch'))).toBeNull();
  });

  it('words a refused link', () => {
    const dead = new ApiError(400, 'Bad Request', JSON.stringify({ message: SIGN_IN_LINK_INVALID, errors: { token: SIGN_IN_LINK_INVALID } }));
    expect(signInLinkFailure(dead)).toBe(SIGN_IN_LINK_INVALID);
    expect(signInLinkFailure(new TypeError('Failed to fetch'))).toMatch(/Unable to reach the server/);
  });
});
