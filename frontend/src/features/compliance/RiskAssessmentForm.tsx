/**
 * The risk-assessment step: experience level, financial situation and investment
 * objective (required), risk capacity on a 1–10 slider (step 1, default 5), annual income and net worth
 * (optional free text, sent as null when empty). Submit stays disabled until the three required fields
 * are set. expiresAt is sent one year ahead; the server ignores it and sets its own (the risk assessment
 * rule).
 */
import {
  Box,
  Button,
  Dialog,
  Field,
  Flex,
  Input,
  NativeSelect,
  SimpleGrid,
  Slider,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { RiskAssessment } from '@tickwise/contracts';
import { type Ref, useEffect, useId, useRef } from 'react';
import {
  experienceLevels,
  financialSituations,
  INCOME_MAX_LENGTH,
  investmentObjectives,
  RISK_CAPACITY,
} from './constants';
import { useRiskAssessment } from './use-risk-assessment';

export interface RiskAssessmentFormProps {
  readonly onSubmitted: (assessment: RiskAssessment) => void;
}

export function RiskAssessmentForm({ onSubmitted }: RiskAssessmentFormProps) {
  const formId = useId();
  const { answers, set, errors, complete, submitting, submit, form } = useRiskAssessment(onSubmitted);
  // The step starts with focus on its first field (after the dialog's own initial focus).
  const firstField = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => firstField.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <>
      <Dialog.Body>
        <form id={formId} ref={form} noValidate onSubmit={submit} aria-label="Risk assessment">
          <Stack gap="5">
            <Text color="fg.muted">
              A few questions about your experience and situation. Your answers stay on your record for one
              year and help us point out risks that matter for you.
            </Text>
            <RequiredSelect
              label="Trading experience"
              name="experienceLevel"
              placeholder="Select your experience"
              options={experienceLevels}
              value={answers.experienceLevel}
              onChange={(v) => set('experienceLevel', v)}
              error={errors.experienceLevel}
              fieldRef={firstField}
            />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <RequiredSelect
                label="Financial situation"
                name="financialSituation"
                placeholder="Select your situation"
                options={financialSituations}
                value={answers.financialSituation}
                onChange={(v) => set('financialSituation', v)}
                error={errors.financialSituation}
              />
              <RequiredSelect
                label="Investment objective"
                name="investmentObjective"
                placeholder="Select your objective"
                options={investmentObjectives}
                value={answers.investmentObjective}
                onChange={(v) => set('investmentObjective', v)}
                error={errors.investmentObjective}
              />
            </SimpleGrid>
            <RiskCapacitySlider
              value={answers.riskCapacity}
              onChange={(v) => set('riskCapacity', v)}
              error={errors.riskCapacity}
            />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <OptionalText
                label="Annual income (optional)"
                name="annualIncome"
                placeholder="e.g. $50,000–$75,000"
                value={answers.annualIncome}
                onChange={(v) => set('annualIncome', v)}
                error={errors.annualIncome}
              />
              <OptionalText
                label="Net worth (optional)"
                name="netWorth"
                placeholder="e.g. under $100,000"
                value={answers.netWorth}
                onChange={(v) => set('netWorth', v)}
                error={errors.netWorth}
              />
            </SimpleGrid>
            {complete ? null : (
              <Box fontSize="sm" color="fg.muted">
                Choose your experience, financial situation and objective to continue.
              </Box>
            )}
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer borderTopWidth="1px" borderColor="border" pt="4">
        <Button
          type="submit"
          form={formId}
          disabled={!complete || submitting}
          loading={submitting}
          loadingText="Submitting…"
        >
          Complete Assessment
        </Button>
      </Dialog.Footer>
    </>
  );
}

interface RequiredSelectProps<V extends string> {
  readonly label: string;
  readonly name: string;
  readonly placeholder: string;
  readonly options: readonly { value: V; label: string }[];
  /** '' until the learner picks one. */
  readonly value: V | '';
  readonly onChange: (value: V | '') => void;
  readonly fieldRef?: Ref<HTMLSelectElement>;
  /** What is wrong, in plain words: the select is marked invalid and described by it. */
  readonly error?: string | undefined;
}

/** One of the assessment's required choices: a native select whose empty placeholder cannot be picked. */
function RequiredSelect<V extends string>(props: RequiredSelectProps<V>) {
  const { label, name, placeholder, options, value, onChange, fieldRef, error } = props;
  return (
    <Field.Root required invalid={error !== undefined}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          ref={fieldRef}
          name={name}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value as V | '')}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error !== undefined ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** Risk capacity on the 1–10 slider, its value beside the label and what the ends mean. */
interface RiskCapacitySliderProps {
  readonly value: number;
  readonly onChange: (value: number) => void;
  /** The server's word on the value (the slider itself cannot leave 1–10). */
  readonly error?: string | undefined;
}

function RiskCapacitySlider({ value, onChange, error }: RiskCapacitySliderProps) {
  return (
    <Field.Root invalid={error !== undefined}>
      <Slider.Root
        w="full"
        min={RISK_CAPACITY.min}
        max={RISK_CAPACITY.max}
        step={RISK_CAPACITY.step}
        value={[value]}
        onValueChange={(e) => onChange(e.value[0] ?? RISK_CAPACITY.initial)}
        getAriaValueText={(details) => `${details.value} of ${RISK_CAPACITY.max}`}
        name="riskCapacity"
        invalid={error !== undefined}
      >
        <Flex justify="space-between" align="baseline" gap="3">
          <Slider.Label fontWeight="medium">Risk capacity</Slider.Label>
          <Text fontWeight="semibold" color="brand.fg" fontVariantNumeric="tabular-nums" aria-hidden>
            {value} / {RISK_CAPACITY.max}
          </Text>
        </Flex>
        <Text fontSize="sm" color="fg.muted" mb="2">
          How much loss could you bear? 1: none at all; 10: you could lose all the money you trade with.
        </Text>
        <Slider.Control>
          <Slider.Track>
            <Slider.Range />
          </Slider.Track>
          <Slider.Thumb index={0}>
            <Slider.HiddenInput />
          </Slider.Thumb>
        </Slider.Control>
        <Flex justify="space-between" fontSize="xs" color="fg.muted" mt="1" aria-hidden>
          <span>1 · Low</span>
          <span>10 · High</span>
        </Flex>
      </Slider.Root>
      {error !== undefined ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

interface OptionalTextProps {
  readonly label: string;
  readonly name: string;
  readonly placeholder: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
}

/** Annual income or net worth: optional free text, sent as null when empty. */
function OptionalText({ label, name, placeholder, value, onChange, error }: OptionalTextProps) {
  return (
    <Field.Root invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        value={value}
        maxLength={INCOME_MAX_LENGTH}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
      {error !== undefined ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
