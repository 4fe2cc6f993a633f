import Button from 'antd-mobile/es/components/button';

/** The primary button of an account form; off while a call runs and for the double-click guard's time. */
export const SubmitButton = ({ busy, locked, text }: { busy: boolean; locked: boolean; text: string }) => (
  <Button
    block
    type="submit"
    color="primary"
    size="large"
    shape="rounded"
    className="account-submit"
    loading={busy}
    disabled={locked || busy}
  >
    {text}
  </Button>
);
