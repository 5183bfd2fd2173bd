import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  children: ReactNode
  /** Where to go after an application error: the home page, per the spec. */
  onError: () => void
  resetKey: string
  fallbackText: string
  reloadLabel: string
}

interface State {
  failed: boolean
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Application error, returning home', error, info.componentStack)
    this.props.onError()
  }

  componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false })
  }

  render(): ReactNode {
    // Normally onError has already left for the home page; this only shows
    // when home itself failed, so offer a full reload instead of a blank page.
    if (!this.state.failed) return this.props.children
    return (
      <div className="container page-section">
        <div className="state-message" role="alert">
          <p className="state-title">{this.props.fallbackText}</p>
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {this.props.reloadLabel}
          </button>
        </div>
      </div>
    )
  }
}
