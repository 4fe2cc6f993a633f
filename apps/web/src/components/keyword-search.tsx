import SearchBar from 'antd-mobile/es/components/search-bar';

interface Props {
  placeholder: string;
  /** The keyword searched for, trimmed; '' once cleared. */
  onSearch: (keyword: string) => void;
}

/** The search bar above a list screen's rows. */
export const KeywordSearch = ({ placeholder, onSearch }: Props) => (
  <div style={{ padding: '12px 16px 0' }}>
    <SearchBar
      style={{ '--background': 'var(--surface)' }}
      placeholder={placeholder}
      onSearch={(v) => onSearch(v.trim())}
      onClear={() => onSearch('')}
    />
  </div>
);
