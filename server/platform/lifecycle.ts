/**
 * Where this instance is in its life, for `/readyz` (issue 30): a load balancer sends it traffic only while ready.
 * Starting until the server listens, ready, then draining from the first SIGTERM to the exit (it keeps serving for
 * the drain period while the balancer notices, then closes).
 */
export type LifecycleState = 'starting' | 'ready' | 'draining';

export class Lifecycle {
  private current: LifecycleState = 'starting';

  get state(): LifecycleState {
    return this.current;
  }

  /** The server listens: traffic is welcome (unless it is already draining). */
  ready(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  /** Shutting down: from now on `/readyz` says 503, for good. */
  drain(): void {
    this.current = 'draining';
  }
}
