import Button from 'antd-mobile/es/components/button';
import './form.css';

/** A form's primary button; off while its call runs and for the double-click guard's time. */
interface Props {
  busy: boolean;
  locked: boolean;
  text: string;
  testId?: string;
}

export const SubmitButton = ({ busy, locked, text, testId }: Props) => (
  <Button
    block
    type="submit"
    color="primary"
    size="large"
    shape="rounded"
    className="form-submit"
    data-testid={testId}
    loading={busy}
    disabled={locked || busy}
  >
    {text}
  </Button>
);
