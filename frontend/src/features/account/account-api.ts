/** The account page's one write: erasing the account (its download is a file, see AccountPage). */
import type { AccountErased, BodyOf } from '@tickwise/contracts';
import { api, routeRequest } from '../../api/api';
import { removeToken } from '../../app/storage';
import type { AppDispatch } from '../../app/store';
import { signedOut } from '../../session/session-slice';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    eraseAccount: build.mutation<AccountErased, BodyOf<'eraseAccount'>>({
      query: (body) => routeRequest('eraseAccount', { body }),
    }),
  }),
});

export const { useEraseAccountMutation } = accountApi;

/** After an erasure the token is void: forget it, the user and every cached answer, as a logout does. */
export function forgetErasedSession(dispatch: AppDispatch): void {
  removeToken();
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
}
