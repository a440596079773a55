-- The media library (issue 27): a property's images, their derived files and the room types they show.
create table images (
  id bigint generated always as identity primary key,
  property_id integer not null references properties (id) on delete cascade,
  section text not null check (section in ('property', 'room-types')),
  -- The stored original (auto-rotated, metadata stripped) and its derived sizes: content hashes in the media store.
  original_hash text not null check (original_hash ~ '^[0-9a-f]{64}$'),
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'image/avif')),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  bytes integer not null check (bytes > 0),
  placeholder text not null check (placeholder ~ '^#[0-9a-f]{6}$'),
  variants jsonb not null,
  file_name text not null default '' check (length(file_name) <= 200),
  caption text not null default '' check (length(caption) <= 200),
  alt_text text not null default '' check (length(alt_text) <= 250),
  tags text[] not null default '{}',
  position integer not null default 0,
  is_main boolean not null default false,
  version integer not null default 1,
  created_at timestamptz not null default now()
);
create index images_property_idx on images (property_id, section, position, id);
create unique index images_main_uq on images (property_id, section) where is_main;

create table image_room_types (
  image_id bigint not null references images (id) on delete cascade,
  room_type_id bigint not null references room_types (id) on delete cascade,
  property_id integer not null references properties (id) on delete cascade,
  primary key (image_id, room_type_id)
);
create index image_room_types_room_idx on image_room_types (property_id, room_type_id);

-- A stored file is served only when an image names it: found by its hash.
create index images_original_idx on images (original_hash);
create index images_variants_idx on images using gin (variants jsonb_path_ops);
