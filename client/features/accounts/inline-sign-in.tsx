import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui/tabs';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/**
 * Sign in or create an account without leaving what the person was doing (checkout, chat). Success updates the auth
 * query, so the caller moves on by itself; `intro` says what continues.
 */
export function InlineSignIn({ intro, onRetryMe }: { intro: string; onRetryMe?: () => void }) {
  const [tab, setTab] = useState<'sign-in' | 'sign-up'>('sign-in');
  const [email, setEmail] = useState('');
  return (
    <div className="grid gap-3">
      <p className="text-sm text-gray-700">{intro}</p>
      {onRetryMe ? (
        <p className="text-sm text-red-700">
          We could not check whether you are signed in.{' '}
          <button type="button" className="font-medium underline" onClick={onRetryMe}>
            Try again
          </button>
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={(v) => setTab(v === 'sign-up' ? 'sign-up' : 'sign-in')}>
        <TabsList className="w-full">
          <TabsTrigger value="sign-in">Sign in</TabsTrigger>
          <TabsTrigger value="sign-up">Create account</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in" className="pt-3">
          <SignInForm key={email} defaultEmail={email} onSignedIn={() => undefined} />
        </TabsContent>
        <TabsContent value="sign-up" className="pt-3">
          <SignUpForm
            onSignedIn={() => undefined}
            onNeedsSignIn={(address) => {
              setEmail(address);
              setTab('sign-in');
            }}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
