import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FetchCall, json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../../test/render';
import { Toaster } from '../../components/Toaster';
import { dismissToast } from '../../components/toast-store';
import { PSYCHOLOGY_DISCLAIMER } from './disclaimer';
import { PsychologyAssessmentPage } from './PsychologyAssessmentPage';

// The machine is shared with other suites: give the interaction-heavy tests room.
jest.setTimeout(20_000);

const questions = [
  { id: 1, question: 'I can name the emotion I am feeling while a trade is open.' },
  { id: 2, question: 'I sometimes enter a trade on impulse.' },
  { id: 3, question: 'After a losing day, I am back to normal by the next session.' },
];

const result = {
  id: 'r-1',
  overallScore: 64,
  traderArchetype: 'Developing Trader',
  emotionalIntelligence: 85,
  cognitiveControl: 60,
  stressResilience: 59,
  behavioralDiscipline: 80,
  riskManagement: 45,
  performanceOptimization: 55,
  completedAt: '2025-01-17T12:00:00.000Z',
  instrumentVersion: '3.0',
  archetypeDescription: 'Your profile is still taking shape.',
  archetypeFocus: 'Choose the category with your lowest score.',
};

type Handler = (call: FetchCall) => ReturnType<typeof json>;

function renderPage(submit: Handler = () => json(result, 201), list: unknown = questions) {
  const calls = scriptFetch((call) =>
    call.url === '/api/trading-psychology/questions' ? json(list) : submit(call),
  );
  renderWithProviders(
    <>
      <PsychologyAssessmentPage />
      <Toaster />
    </>,
    { path: '/trading-psychology-assessment', session: sessionOf(learner) },
  );
  return calls;
}

const radio = (name: string) => screen.getByRole('radio', { name });
const button = (name: string) => screen.getByRole('button', { name });
const counter = () => screen.getByTestId('question-counter');

afterEach(() => dismissToast());

describe('the trading psychology assessment screen', () => {
  it('shows one question at a time with "Question n of total", a progress bar and the five labelled answers', async () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Trading Psychology Assessment' }),
    ).toBeInTheDocument();
    // The instructions do not assume the learner trades: the statements are about everyday situations.
    expect(screen.getByText(/answer it whether or not you have ever traded/)).not.toHaveTextContent(
      /how you trade/,
    );
    const group = await screen.findByRole('radiogroup', { name: questions[0]?.question });
    expect(counter()).toHaveTextContent('Question 1 of 3');
    const bar = screen.getByRole('progressbar', { name: 'Assessment progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    expect(bar).toHaveAttribute('aria-valuetext', 'Question 1 of 3');
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    for (const name of ['1 Strongly Disagree', '2 Disagree', '3 Neutral', '4 Agree', '5 Strongly Agree']) {
      expect(radio(name)).not.toBeChecked();
    }
    expect(button('Previous')).toBeDisabled();
  });

  it('keeps Next disabled until the question is answered; a changed answer replaces the earlier one', async () => {
    const calls = renderPage();
    await screen.findByRole('radiogroup', { name: questions[0]?.question });
    expect(button('Next')).toBeDisabled();
    await userEvent.click(radio('2 Disagree'));
    expect(button('Next')).toBeEnabled();
    await userEvent.click(radio('4 Agree'));
    expect(radio('4 Agree')).toBeChecked();
    expect(radio('2 Disagree')).not.toBeChecked();

    await userEvent.click(button('Next'));
    expect(counter()).toHaveTextContent('Question 2 of 3');
    expect(screen.getByRole('radiogroup', { name: questions[1]?.question })).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    // The new question has the focus (for keyboard and screen-reader users).
    expect(screen.getByRole('heading', { level: 2, name: questions[1]?.question })).toHaveFocus();

    // Previous goes back with the answer kept.
    await userEvent.click(button('Previous'));
    expect(counter()).toHaveTextContent('Question 1 of 3');
    expect(radio('4 Agree')).toBeChecked();
    await userEvent.click(radio('5 Strongly Agree'));
    await userEvent.click(button('Next'));
    await userEvent.click(radio('1 Strongly Disagree'));
    await userEvent.click(button('Next'));
    expect(counter()).toHaveTextContent('Question 3 of 3');
    expect(button('Complete')).toBeDisabled();
    await userEvent.click(radio('3 Neutral'));
    await userEvent.click(button('Complete'));

    await screen.findByRole('heading', { level: 2, name: 'Your Trading Psychology Profile' });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe('/api/trading-psychology/assessment');
    expect(posts[0]?.body).toEqual({
      responses: [
        { questionId: 1, value: 5 },
        { questionId: 2, value: 1 },
        { questionId: 3, value: 3 },
      ],
    });
  });

  it('shows the results: six coloured categories, the archetype with its description and focus, the disclaimer; success toast', async () => {
    renderPage();
    await answerAll();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your Trading Psychology Profile' }),
    ).toHaveFocus();
    const toast = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await toast.findByRole('status')).toHaveTextContent('Assessment Complete');
    expect(toast.getByRole('status')).toHaveTextContent(
      'Your trading psychology profile has been generated successfully.',
    );

    expect(screen.getByTestId('archetype')).toHaveTextContent('Developing Trader');
    // The version that scored the result, beside its date (earlier results keep their own version).
    expect(screen.getByText(/^Completed .* · assessment version 3\.0$/)).toBeInTheDocument();
    expect(screen.getByText('Your profile is still taking shape.')).toBeInTheDocument();
    expect(screen.getByText('Choose the category with your lowest score.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Overall score: 64 out of 100' })).toHaveAttribute(
      'data-tone',
      'yellow',
    );
    const bars = screen.getAllByTestId('category-bar');
    expect(bars.map((b) => `${b.textContent} ${b.getAttribute('data-tone')}`)).toEqual([
      'Emotional Intelligence85% green',
      'Cognitive Control60% yellow',
      'Stress Resilience59% red',
      'Behavioral Discipline80% green',
      'Risk Management45% red',
      'Performance Optimization55% red',
    ]);
    expect(screen.getByRole('note', { name: 'About this assessment' })).toHaveTextContent(
      PSYCHOLOGY_DISCLAIMER,
    );
  });

  it('Retake goes back to question 1 with the answers cleared', async () => {
    renderPage();
    await answerAll();
    await userEvent.click(await screen.findByRole('button', { name: 'Retake Assessment' }));
    expect(counter()).toHaveTextContent('Question 1 of 3');
    for (const name of ['1 Strongly Disagree', '2 Disagree', '3 Neutral', '4 Agree', '5 Strongly Agree']) {
      expect(radio(name)).not.toBeChecked();
    }
    expect(button('Next')).toBeDisabled();
    expect(screen.getByRole('heading', { level: 2, name: questions[0]?.question })).toHaveFocus();
  });

  it('a refused submission shows the destructive toast and keeps the answers for another try', async () => {
    renderPage(() => json({ error: 'responses: question 9 is not part of the assessment' }, 400));
    await answerAll();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('responses: question 9 is not part of the assessment');
    expect(counter()).toHaveTextContent('Question 3 of 3');
    expect(radio('4 Agree')).toBeChecked();
    expect(button('Complete')).toBeEnabled();
  });

  it("falls back to 'Failed to submit assessment. Please try again.' without a server message", async () => {
    renderPage(() => json('', 500));
    await answerAll();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to submit assessment. Please try again.');
  });

  it("shows 'Assessment Not Available' for an empty list", async () => {
    renderPage(undefined, []);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Assessment Not Available' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('says when the questions cannot be loaded and tries again', async () => {
    let fail = true;
    scriptFetch(() => (fail ? json({ error: 'Service unavailable' }, 503) : json(questions)));
    renderWithProviders(<PsychologyAssessmentPage />, { session: sessionOf(learner) });
    expect(await screen.findByText('The assessment could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(button('Try again'));
    expect(await screen.findByRole('radiogroup', { name: questions[0]?.question })).toBeInTheDocument();
  });
});

/** Answers 4 Agree to every question and completes. */
async function answerAll() {
  await screen.findByRole('radiogroup', { name: questions[0]?.question });
  for (let i = 0; i < questions.length; i++) {
    await userEvent.click(radio('4 Agree'));
    await userEvent.click(button(i === questions.length - 1 ? 'Complete' : 'Next'));
  }
}
