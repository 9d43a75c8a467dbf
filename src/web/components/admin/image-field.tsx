import { ImageUpIcon, LoaderCircleIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import type { FieldValues } from 'react-hook-form'
import { UPLOAD_IMAGE_TYPES } from '#shared/schemas/admin.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ProductImage } from '#web/components/product-image.tsx'
import { cn } from '#web/lib/cn.ts'
import { Bound, type BoundField, type BoundState } from './form-fields.tsx'

/** Why an upload was refused, as its toast says it. */
type UploadRefusal = { title: string; description: string }

const isRefusal = (error: unknown): error is UploadRefusal =>
  error instanceof Error &&
  typeof (error as Partial<UploadRefusal>).title === 'string' &&
  typeof (error as Partial<UploadRefusal>).description === 'string'

/**
 * An image field of an admin form (a product's picture, a producer's logo): a preview, an upload
 * button, and the address field for a pasted URL, bound to the form's image address.
 */
export function ImageField<TValues extends FieldValues, TOutput>({
  control,
  name,
  ...picker
}: BoundField<TValues, TOutput> & Omit<ImagePickerProps, 'state'>) {
  return (
    <Bound
      control={control}
      name={name}
      hasHint={false}
      render={(state) => <ImagePicker state={state} {...picker} />}
    />
  )
}

type ImagePickerProps = {
  state: BoundState
  label: string
  /** stores the file and answers its address; rejects with a title and description to show */
  upload: (file: File) => Promise<string>
  previewAlt: string
  /** the upload toast's reminder, e.g. "Save the product to use it." */
  saveHint: string
  /** `logo`: the whole picture on white, as the shop shows a producer's logo */
  preview?: 'photo' | 'logo'
  className?: string
}

function ImagePicker({
  state: {
    id: controlId,
    field: { ref: inputRef, ...field },
    error,
    described,
  },
  label,
  upload,
  previewAlt,
  saveHint,
  preview = 'photo',
  className,
}: ImagePickerProps) {
  const imageUrl = (field.value as string | null | undefined) ?? ''
  const fileInput = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  const uploadFile = async (file: File) => {
    setUploading(true)
    try {
      field.onChange(await upload(file))
      toast({ title: 'Image uploaded', description: saveHint })
    } catch (refusal) {
      const { title, description } = isRefusal(refusal)
        ? refusal
        : { title: 'Upload failed', description: 'Failed to upload image. Please try again.' }
      toast({ variant: 'destructive', title, description })
    } finally {
      setUploading(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  return (
    <FormField controlId={controlId} label={label} optional error={error} className={className}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <ProductImage
          src={imageUrl || null}
          alt={previewAlt}
          size="size-24"
          fit={preview === 'logo' ? 'contain' : 'cover'}
          className={cn(
            'shrink-0 rounded-lg border border-border',
            preview === 'logo' ? 'bg-white' : 'bg-wheat',
          )}
        />
        <div className="flex flex-1 flex-col gap-2">
          <div>
            <input
              ref={fileInput}
              type="file"
              accept={UPLOAD_IMAGE_TYPES.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-label={`${label} file`}
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) void uploadFile(file)
              }}
            />
            <Button
              type="button"
              variant="outline"
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
            >
              {uploading ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden />
              ) : (
                <ImageUpIcon aria-hidden />
              )}
              {uploading ? 'Uploading...' : 'Upload image'}
            </Button>
          </div>
          <Input
            id={controlId}
            placeholder="https://… or upload an image"
            {...described}
            name={field.name}
            ref={inputRef}
            value={imageUrl}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(event.target.value)}
          />
          <p className="text-xs text-muted-foreground">JPG, PNG, GIF or WebP, up to 25MB.</p>
        </div>
      </div>
    </FormField>
  )
}
