import { Link } from 'react-router'

/** Signed out: Log in and Join (the user menu replaces them once accounts exist). */
export function AccountLinks() {
  return (
    <div className="flex items-center gap-3">
      <Link to="/login" className="font-medium text-white/90 hover:text-white hover:underline">
        Log in
      </Link>
      <Link
        to="/join"
        className="rounded-md bg-butter px-3 py-1 font-semibold text-charcoal transition-colors hover:bg-butter/90"
      >
        Join
      </Link>
    </div>
  )
}
