import { ImageUpIcon, LoaderCircleIcon } from 'lucide-react'
import { useRef, useState, type ReactNode } from 'react'
import { UPLOAD_IMAGE_TYPES } from '#shared/schemas/admin.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ProductImage } from '#web/components/product-image.tsx'
import { cn } from '#web/lib/cn.ts'
import { UploadRefused, uploadImage } from '../api/upload-image.ts'

/**
 * An image field of an admin form (a product's picture, a producer's logo): a preview, an upload
 * button (POST /api/admin/upload-url, PUT, complete), and the address field for a pasted URL.
 */
export function ImageUploadField({
  controlId,
  label,
  imageUrl,
  error,
  onUploaded,
  input,
  previewAlt,
  saveHint,
  preview = 'photo',
  className,
}: {
  controlId: string
  label: string
  imageUrl: string
  error: string | undefined
  onUploaded: (path: string) => void
  /** the address field, registered with the form */
  input: ReactNode
  previewAlt: string
  /** the upload toast's reminder, e.g. "Save the product to use it." */
  saveHint: string
  /** `logo`: the whole picture on white, as the shop shows a producer's logo */
  preview?: 'photo' | 'logo'
  className?: string
}) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  const upload = async (file: File) => {
    setUploading(true)
    try {
      onUploaded(await uploadImage(file))
      toast({ title: 'Image uploaded', description: saveHint })
    } catch (refusal) {
      const { title, description } =
        refusal instanceof UploadRefused
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
                if (file) void upload(file)
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
          {input}
          <p className="text-xs text-muted-foreground">JPG, PNG, GIF or WebP, up to 25MB.</p>
        </div>
      </div>
    </FormField>
  )
}
