/**
 * The risk assessment's answers and their submission: field messages once a submit was tried (then
 * following every change), the server's field messages in the same words until that field changes, the
 * form's toasts ('Required Fields Missing', the missing token, 'Error' with the server's words), and focus
 * on the first field to fix.
 */
import type { RiskAssessment } from '@tickwise/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { readToken } from '../../app/storage';
import { toast } from '../../components/toast-store';
import { type FieldErrors, focusFirstInvalid } from '../../dialogs/field-errors';
import { errorText } from '../../session/errors';
import { useSubmitRiskAssessmentMutation } from './compliance-api';
import { messages, RISK_CAPACITY } from './constants';
import {
  type RiskAnswers,
  type RiskField,
  riskAssessmentErrors,
  riskFieldErrorFromServer,
} from './risk-fields';

const oneYearFromNow = (): string => {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  return date.toISOString();
};

const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());

const unanswered: RiskAnswers = {
  experienceLevel: '',
  financialSituation: '',
  investmentObjective: '',
  riskCapacity: RISK_CAPACITY.initial,
  annualIncome: '',
  netWorth: '',
};

export function useRiskAssessment(onSubmitted: (assessment: RiskAssessment) => void) {
  const [answers, setAnswers] = useState<RiskAnswers>(unanswered);
  const [tried, setTried] = useState(false);
  const [fromServer, setFromServer] = useState<FieldErrors<RiskField>>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitAssessment] = useSubmitRiskAssessmentMutation();
  const form = useRef<HTMLFormElement>(null);
  const { experienceLevel, financialSituation, investmentObjective } = answers;

  const set = <F extends RiskField>(field: F, value: RiskAnswers[F]) => {
    setAnswers((a) => ({ ...a, [field]: value }));
    setFromServer(({ [field]: _changed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setTried(true);
    const errors = riskAssessmentErrors(answers);
    if (Object.keys(errors).length > 0) {
      if (experienceLevel === '' || financialSituation === '' || investmentObjective === '')
        toast({
          title: messages.requiredMissingTitle,
          description: messages.requiredMissingDescription,
          variant: 'destructive',
        });
      focusFirstInvalid(form.current, errors);
      return;
    }
    if (experienceLevel === '' || financialSituation === '' || investmentObjective === '') return;
    if (readToken() === null) {
      toast({ title: messages.errorTitle, description: messages.missingToken, variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    try {
      const assessment = await submitAssessment({
        ...answers,
        experienceLevel,
        financialSituation,
        investmentObjective,
        annualIncome: optional(answers.annualIncome),
        netWorth: optional(answers.netWorth),
        expiresAt: oneYearFromNow(),
      }).unwrap();
      onSubmitted(assessment);
    } catch (error) {
      const message = errorText(error, messages.riskAssessmentFailed);
      const field = riskFieldErrorFromServer(message);
      if (field !== null) setFromServer({ [field.field]: field.text });
      toast({ title: messages.errorTitle, description: field?.text ?? message, variant: 'destructive' });
      setSubmitting(false);
      if (field !== null) focusFirstInvalid(form.current, { [field.field]: field.text });
    }
  };

  return {
    answers,
    set,
    /** What is wrong with each field, in plain words. */
    errors: { ...fromServer, ...(tried ? riskAssessmentErrors(answers) : {}) },
    /** The three required choices are made: Submit is enabled. */
    complete: experienceLevel !== '' && financialSituation !== '' && investmentObjective !== '',
    submitting,
    submit,
    form,
  };
}
