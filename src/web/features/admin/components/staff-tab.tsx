import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { SendIcon, UserMinusIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import {
  INVITATION_LIFETIME_HOURS,
  STAFF_ROLE_LABELS,
  StaffInviteInputSchema,
  type StaffInvitation,
  type StaffInviteInput,
  type StaffMember,
} from '#shared/schemas/staff.ts'
import { EmailField, SelectField } from '#web/components/admin/form-fields.tsx'
import { QueryStates } from '#web/components/admin/list-states.tsx'
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { adminStaffQueries, useInviteStaff, useRemoveStaffRole } from '../api/admin-staff.ts'

const dayFormat = businessDateTimeFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})
const momentFormat = businessDateTimeFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/**
 * The Staff tab (docs/product.md#staff): who is an admin or a driver, the invitations still
 * waiting, an invite form, and removing a role after a confirmation.
 */
export function StaffTab() {
  const staff = useQuery(adminStaffQueries.list())
  return (
    <section aria-labelledby="admin-staff-title" className="flex flex-col gap-6">
      <div>
        <h2 id="admin-staff-title" className="text-2xl font-semibold text-forest">
          Staff
        </h2>
        <p className="text-sm text-muted-foreground">
          Admins run the shop; drivers see their Saturday routes. Invite someone by e-mail: the link
          works once, for {INVITATION_LIFETIME_HOURS} hours.
        </p>
      </div>
      <InviteForm />
      <QueryStates
        query={staff}
        loading="Loading the staff..."
        failed={{ text: "We couldn't load the staff just now." }}
      >
        {(data) => (
          <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
            <StaffList members={data.staff} />
            <PendingInvitations invitations={data.invitations} />
          </div>
        )}
      </QueryStates>
    </section>
  )
}

type InviteForm = StaffInviteInput
type InviteOutput = z.output<typeof StaffInviteInputSchema>

const ROLE_OPTIONS = [
  { value: 'driver', label: 'Driver' },
  { value: 'admin', label: 'Admin' },
]

function InviteForm() {
  const invite = useInviteStaff()
  const { control, handleSubmit, reset, setError } = useForm<InviteForm, unknown, InviteOutput>({
    resolver: zodResolver(StaffInviteInputSchema),
    defaultValues: { email: '', role: 'driver' },
  })
  const onSubmit = handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: () => {
        toast({
          title: 'Invitation sent',
          description: `${input.email} can accept it for the next ${INVITATION_LIFETIME_HOURS} hours.`,
        })
        reset({ email: '', role: input.role })
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to send the invitation. Please try again.')
        if (error instanceof ApiError && error.fieldErrors.role) {
          setError('role', { type: 'server', message: error.fieldErrors.role })
        }
        setError('email', {
          type: 'server',
          message: error instanceof ApiError ? (error.fieldErrors.email ?? message) : message,
        })
      },
    }),
  )
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Invite to the staff"
      className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
    >
      <EmailField
        control={control}
        name="email"
        label="E-mail address"
        placeholder="name@example.com"
      />
      <SelectField control={control} name="role" label="Role" options={ROLE_OPTIONS} />
      <Button type="submit" disabled={invite.isPending} className="sm:mt-7">
        <SendIcon aria-hidden />
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  )
}

function StaffList({ members }: { members: readonly StaffMember[] }) {
  const [removing, setRemoving] = useState<StaffMember | null>(null)
  return (
    <section aria-labelledby="admin-staff-members" className="flex flex-col gap-3">
      <h3 id="admin-staff-members" className="font-sans text-base font-semibold">
        Admins and drivers
        <span className="ml-2 text-sm font-normal text-muted-foreground">{members.length}</span>
      </h3>
      <ul aria-label="Staff members" className="flex flex-col gap-3">
        {members.map((member) => (
          <li
            key={`${member.userId}-${member.role}`}
            aria-label={`${member.name}, ${STAFF_ROLE_LABELS[member.role]}`}
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-card p-4"
          >
            <div className="min-w-0">
              <p className="font-semibold">
                {member.name}
                <span className="ml-2 rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
                  {STAFF_ROLE_LABELS[member.role]}
                </span>
              </p>
              <p className="text-sm break-all text-muted-foreground">{member.email}</p>
              <p className="text-xs text-muted-foreground">
                Since {dayFormat.format(new Date(member.since))}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={() => setRemoving(member)}>
              <UserMinusIcon aria-hidden />
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {removing ? <RemoveDialog member={removing} onClose={() => setRemoving(null)} /> : null}
    </section>
  )
}

function RemoveDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const remove = useRemoveStaffRole()
  const [refusal, setRefusal] = useState<string | null>(null)
  const role = STAFF_ROLE_LABELS[member.role].toLowerCase()
  const confirm = () =>
    remove.mutate(
      { userId: member.userId, role: member.role },
      {
        onSuccess: () => {
          toast({ title: 'Role removed', description: `${member.name} is no longer a ${role}.` })
          onClose()
        },
        // a refusal (their own role, the last admin) stays in view
        onError: (error) =>
          setRefusal(errorMessage(error, 'Failed to remove the role. Please try again.')),
      },
    )
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Remove ${member.name} as ${role}?`}
      description={
        <>
          {member.email} keeps their account and orders, but no longer reaches the{' '}
          {member.role === 'admin' ? 'admin area' : "driver's view"}.
        </>
      }
      confirmLabel="Remove"
      cancelLabel="Keep"
      pending={remove.isPending}
      pendingLabel="Removing..."
      onConfirm={confirm}
    >
      {refusal ? (
        <p role="alert" className="rounded-lg bg-tomato/10 px-3 py-2 text-sm text-tomato">
          {refusal}
        </p>
      ) : null}
    </ConfirmDialog>
  )
}

function PendingInvitations({ invitations }: { invitations: readonly StaffInvitation[] }) {
  return (
    <section aria-labelledby="admin-staff-invitations" className="flex flex-col gap-3">
      <h3 id="admin-staff-invitations" className="font-sans text-base font-semibold">
        Invitations waiting
        <span className="ml-2 text-sm font-normal text-muted-foreground">{invitations.length}</span>
      </h3>
      {invitations.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-4 text-sm text-muted-foreground">
          No invitations waiting. Sending one again to the same address replaces it.
        </p>
      ) : (
        <ul aria-label="Invitations waiting" className="flex flex-col gap-3">
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-col gap-1 rounded-2xl border border-border bg-card p-4 text-sm"
            >
              <p className="font-semibold break-all">{invitation.email}</p>
              <p className="text-muted-foreground">
                {STAFF_ROLE_LABELS[invitation.role]} · expires{' '}
                {momentFormat.format(new Date(invitation.expiresAt))}
              </p>
              {invitation.invitedBy ? (
                <p className="text-xs text-muted-foreground">Invited by {invitation.invitedBy}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
