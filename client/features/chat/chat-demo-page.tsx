import { ComingSoon } from '@client/ui/coming-soon';

/** /chat-demo: customer and provider chat demo (opens in a new tab from the header). */
export function ChatDemoPage() {
  return <ComingSoon title="Chat Demo" description="Real-time chat between customers and providers is being built." />;
}
