/** Review and mastery: the items due now, answering one, and each module's mastery. */
import type { BodyOf, ModuleMastery, ReviewAnswer, ReviewItem } from '@tickwise/contracts';
import { api, routeRequest } from '../../api/api';
import { invalidatedBy, providedBy } from '../../api/tags';

export const reviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    reviewQueue: build.query<ReviewItem[], void>({
      query: () => routeRequest('reviewQueue'),
      providesTags: [providedBy.reviewQueue],
    }),
    mastery: build.query<ModuleMastery[], void>({
      query: () => routeRequest('mastery'),
      providesTags: [providedBy.mastery],
    }),
    answerReview: build.mutation<ReviewAnswer, BodyOf<'answerReview'>>({
      query: (body) => routeRequest('answerReview', { body }),
      invalidatesTags: [...invalidatedBy.answerReview],
    }),
  }),
});

export const { useReviewQueueQuery, useMasteryQuery, useAnswerReviewMutation } = reviewApi;
