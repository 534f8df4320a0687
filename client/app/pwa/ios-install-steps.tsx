import { Share, SquarePlus } from 'lucide-react';

/** Spec 000 section 2: the three steps on iOS Safari: tap Share, Add to Home Screen, Add. */
export function IosInstallSteps() {
  return (
    <ol className="grid gap-3 text-sm text-gray-800">
      <li className="flex items-start gap-3">
        <StepNumber n={1} />
        <span>
          In Safari, tap Share <Share className="inline size-4 align-text-bottom text-brand-600" aria-hidden="true" /> in the
          toolbar.
        </span>
      </li>
      <li className="flex items-start gap-3">
        <StepNumber n={2} />
        <span>
          Scroll down and choose Add to Home Screen{' '}
          <SquarePlus className="inline size-4 align-text-bottom text-brand-600" aria-hidden="true" />.
        </span>
      </li>
      <li className="flex items-start gap-3">
        <StepNumber n={3} />
        <span>Tap Add in the top-right corner. Go Live appears on your Home Screen.</span>
      </li>
    </ol>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white" aria-hidden="true">
      {n}
    </span>
  );
}
