import { toast } from '@client/ui/use-toast';

/** The public link of a tracking record: the id is the capability, so anyone with the link can follow it. */
export function trackingLink(trackingId: string): string {
  return `${window.location.origin}/track/${encodeURIComponent(trackingId)}`;
}

/** Spec 002 section 8: copy the link ('Link Copied'), or show it in a 'Share' toast when copying is refused. */
export async function shareTracking(trackingId: string): Promise<void> {
  const link = trackingLink(trackingId);
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: 'Link Copied', description: 'Tracking link copied to clipboard' });
  } catch {
    toast({ title: 'Share', description: link });
  }
}
