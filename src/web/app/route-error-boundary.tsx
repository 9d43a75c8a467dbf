import { Component, type ErrorInfo, type ReactNode } from 'react'
import { RouteError } from './routes/route-error.tsx'

/** Catches a page that throws while rendering or fails to load, and offers a reload. */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { failed: boolean }
> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    // navigating elsewhere gives the next page a fresh chance
    if (previous.resetKey !== this.props.resetKey && this.state.failed)
      this.setState({ failed: false })
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed to render', error, info.componentStack)
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}
