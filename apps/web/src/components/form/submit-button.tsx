import Button from 'antd-mobile/es/components/button';
import './form.css';

/** A form's primary button; off while its call runs and for the double-click guard's time. */
export const SubmitButton = ({ busy, locked, text }: { busy: boolean; locked: boolean; text: string }) => (
  <Button
    block
    type="submit"
    color="primary"
    size="large"
    shape="rounded"
    className="form-submit"
    loading={busy}
    disabled={locked || busy}
  >
    {text}
  </Button>
);
