import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Check } from 'lucide-react';
import { CHAT_SERVICE_TYPES, type ChatServiceType } from '@domain/chat/schemas';
import type { PublicUser } from '@domain/accounts/schemas';
import { kindOfServiceType } from '@domain/catalogue/kinds';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card } from '@client/ui/card';
import { PageSpinner } from '@client/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui/tabs';
import { useAuth } from '@client/features/accounts/use-auth';
import { ChatInbox } from './chat-inbox';
import { ChatSignIn } from './chat-sign-in';

const VIEWS = ['customer', 'provider', 'features'] as const;
type View = (typeof VIEWS)[number];

const SERVICE_TYPE_LABEL = (serviceType: ChatServiceType): string => kindOfServiceType(serviceType)?.serviceLabel ?? serviceType;

function isProviderSide(user: PublicUser | null): boolean {
  return user?.role === 'provider' || user?.role === 'driver';
}

/** /chat-demo (spec 002 section 2): the customer's and the provider's inbox side by side in tabs, and what chat does. */
export function ChatDemoPage() {
  usePageTitle('Chat Demo');
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const fallback: View = isProviderSide(auth.user) ? 'provider' : 'customer';
  const view: View = (VIEWS as readonly string[]).includes(asked ?? '') ? (asked as View) : fallback;
  const choose = (next: string) => {
    const p = new URLSearchParams(params);
    p.set('view', next);
    setParams(p, { replace: true });
  };

  if (auth.status === 'loading') return <PageSpinner label="Checking your session…" />;

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 px-4 py-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Chat Demo</h1>
        <p className="mt-1 text-sm text-gray-600">Live messages between customers, providers and drivers.</p>
      </div>
      <Tabs value={view} onValueChange={choose}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="customer">Customer View</TabsTrigger>
          <TabsTrigger value="provider">Provider View</TabsTrigger>
          <TabsTrigger value="features">Features</TabsTrigger>
        </TabsList>
        <TabsContent value="customer">
          <CustomerView user={auth.user} onRetryMe={auth.status === 'error' ? () => void auth.refetch() : undefined} />
        </TabsContent>
        <TabsContent value="provider">
          <ProviderView user={auth.user} onRetryMe={auth.status === 'error' ? () => void auth.refetch() : undefined} />
        </TabsContent>
        <TabsContent value="features">
          <FeatureList />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </Card>
  );
}

function HowToStart() {
  return (
    <div className="grid gap-2 text-sm text-gray-700">
      <p>You have no chats yet. To ask a provider something:</p>
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          Open a restaurant on the{' '}
          <Link to="/#food-delivery" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            home page
          </Link>{' '}
          and choose <span className="font-medium">Chat</span>, then <span className="font-medium">Start New Chat</span>.
        </li>
        <li>
          Or, in{' '}
          <Link to="/bookings" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            My bookings
          </Link>
          , choose <span className="font-medium">Message provider</span> on a booking, or <span className="font-medium">Message driver</span> once a driver
          has your order.
        </li>
      </ol>
    </div>
  );
}

function CustomerView({ user, onRetryMe }: { user: PublicUser | null; onRetryMe?: () => void }) {
  if (!user) {
    return (
      <Panel title="Your chats as a customer">
        <ChatSignIn intro="Sign in or create an account to see your chats with providers and drivers." onRetryMe={onRetryMe} />
      </Panel>
    );
  }
  return <ChatInbox user={user} side="customer" empty={<HowToStart />} />;
}

function BecomeProvider() {
  return (
    <div className="grid gap-3 text-sm text-gray-700">
      <p>Providers answer customers about their listings here, and drivers talk with the customers of the orders they carry.</p>
      <div className="flex flex-wrap gap-2">
        <Link to="/onboarding" className={buttonVariants()}>
          Become a provider
        </Link>
        <Link to="/apply-driver" className={buttonVariants({ variant: 'outline' })}>
          Apply to drive
        </Link>
      </div>
    </div>
  );
}

function ProviderView({ user, onRetryMe }: { user: PublicUser | null; onRetryMe?: () => void }) {
  const [showSignIn, setShowSignIn] = useState(false);
  if (!user) {
    return (
      <Panel title="Your chats as a provider or driver">
        <BecomeProvider />
        {showSignIn ? (
          <ChatSignIn intro="Sign in with your provider or driver account." onRetryMe={onRetryMe} />
        ) : (
          <div>
            <Button variant="link" className="px-0" onClick={() => setShowSignIn(true)}>
              Already a provider or driver? Sign in
            </Button>
          </div>
        )}
      </Panel>
    );
  }
  if (!isProviderSide(user)) {
    return (
      <Panel title="For providers and drivers">
        <p className="text-sm text-gray-700">
          You are signed in as <span className="font-medium">{user.username}</span>, a customer account.
        </p>
        <BecomeProvider />
      </Panel>
    );
  }
  return (
    <ChatInbox
      user={user}
      side="provider"
      empty={
        <p>
          {user.role === 'driver'
            ? 'No messages yet. A chat with the customer opens when you accept an order.'
            : 'No messages yet. Customers who choose Chat on your listings appear here.'}
        </p>
      }
    />
  );
}

/** Every line is something this app does (spec 002 section 2's claims, plus the outbox). */
function FeatureList() {
  const features: Array<{ title: string; text: ReactNode }> = [
    { title: 'WebSocket messaging', text: 'One live connection per tab while you are signed in; messages arrive instantly on every device you use.' },
    { title: 'Typing indicators', text: '“… is typing” appears while the other person writes and disappears when they stop or send.' },
    { title: 'Read receipts', text: 'One tick (✓) when the server has your message, two (✓✓) once the other person has read it.' },
    { title: 'Connection status', text: 'Connected, Connecting, Reconnecting or Offline is always shown; the connection comes back by itself with backoff.' },
    {
      title: `${CHAT_SERVICE_TYPES.length} service types`,
      text: (
        <>
          Chat about any listing with a provider: {CHAT_SERVICE_TYPES.map((t) => SERVICE_TYPE_LABEL(t)).join(', ')}. Deliveries and rides also get a chat
          with their driver.
        </>
      ),
    },
    { title: 'Message history', text: 'Conversations are kept; the latest messages load first and “Load earlier messages” goes further back.' },
    { title: 'Unread badges', text: 'The Messages button in the header and each conversation show how many messages you have not read yet.' },
    {
      title: 'Offline outbox',
      text: 'Messages written without a connection are kept on this device (even across a reload), marked “Sending…”, and sent once, in order, when you are back.',
    },
  ];
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-gray-900">Features</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {features.map((f) => (
          <li key={f.title} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
            <div>
              <p className="font-medium text-gray-900">{f.title}</p>
              <p className="text-sm text-gray-600">{f.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
