import { QueryScope } from '../../api/query-scope.tsx';
import { SliderPuzzle, type SliderPuzzleProps } from '../../components/slider-puzzle/slider-puzzle';
import { type LogIn, useLoginCalls } from './login-actions.ts';

export interface LoginPuzzleProps extends Omit<SliderPuzzleProps, 'load' | 'verify' | 'onSuccess'> {
  /** A verified slide: the login call, bound to it. */
  onSolved: (logIn: LogIn) => void;
}

const Puzzle = ({ onSolved, ...props }: LoginPuzzleProps) => {
  const calls = useLoginCalls();
  return (
    <SliderPuzzle
      {...props}
      load={calls.loadPuzzle}
      verify={calls.verifyPuzzle}
      onSuccess={(token, x) => onSolved(calls.logIn(token, x))}
    />
  );
};

/**
 * The login's slider puzzle with the calls behind it. The login route loads neither TanStack Query nor
 * the endpoint table, so the puzzle brings its own query cache, which ends with the login page.
 */
export const LoginPuzzle = (props: LoginPuzzleProps) => (
  <QueryScope>
    <Puzzle {...props} />
  </QueryScope>
);
